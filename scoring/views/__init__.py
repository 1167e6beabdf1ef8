"""Pages of the score book: club, new match, score sheet, deal entry and correction.

Thin views: each validates the request's shape, calls one selector (reads) or one
service (writes) and renders. Rules, scoring and permissions to write live in
:mod:`scoring.services`; visibility in :mod:`scoring.selectors`. Who may use a page
is in its docstring and enforced here as well, so that a page never offers what the
service would refuse:

* objects the user may not read answer **404** (another club's ids reveal nothing);
* pages that need an account send anonymous visitors to the login page first;
* a user who may read but not act gets **403**.

Errors from the engine and the services (``{path, code, message}``) are shown next
to the field whose path they carry (:func:`scoring.deal_forms.place_errors`).

One module per page family: :mod:`.clubs`, :mod:`.matches`, :mod:`.deals`,
:mod:`.people` (the club's people and a player's page) and :mod:`.nav` (ways around
the site); :mod:`._common` holds the access helpers they share.
"""
