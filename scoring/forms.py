"""Forms of the score-book pages: the shape of a request, nothing more.

These check that what a browser posted is well formed (a number is a number, a
reason is given); every rule of the score book is checked by the service the view
calls. The deal itself is not a Django form: it is generated from the game's deal
schema (:mod:`scoring.deal_forms`). The club's people pages' forms are at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.contrib.auth.password_validation import password_validators_help_text_html
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from config.bounds import STAKE
from scoring.models import Player, Role


class MatchSetupForm(forms.Form):
    """Seats, dealer, stake and flags of a new match (options come from the game).

    ``seat_<i>`` is the player at seat *i* (clockwise from the first seat); the
    side of each seat is the table shape the game is played at.
    """

    first_dealer = forms.TypedChoiceField(coerce=int, label=_("First dealer"))
    point_value = forms.DecimalField(
        required=False,
        min_value=0,
        max_value=STAKE.largest,
        decimal_places=STAKE.decimal_places,
        # typed as the reader writes numbers: "0,05" in Finnish
        localize=True,
        label=_("Value of a point"),
        help_text=_("Optional stake, e.g. 0.01 for a cent a point."),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    currency = forms.CharField(
        required=False,
        max_length=3,
        label=_("Currency"),
        help_text=_("Three letters, e.g. EUR (only with a stake)."),
    )
    is_public = forms.BooleanField(
        required=False, label=_("Public: anyone with the link may follow the sheet")
    )
    double_entry = forms.BooleanField(
        required=False,
        label=_("Double entry: a player of the other side confirms every deal"),
    )
    scorers = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        label=_("Who else scores this match"),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(
        self,
        *args,
        players: Sequence[Player],
        seats: Sequence[int],
        side_names: Sequence[str],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.seat_sides = list(seats)
        choices = [("", "—")] + [(p.pk, p.display_name) for p in players]
        self.seat_names = []
        for i, side in enumerate(seats):
            name = f"seat_{i}"
            self.fields[name] = forms.TypedChoiceField(
                coerce=int,
                choices=choices,
                label=_("Seat %(number)s · %(side)s")
                % {"number": i + 1, "side": side_names[side]},
            )
            self.seat_names.append(name)
        self.fields["first_dealer"].choices = [
            (i, _("Seat %(number)s") % {"number": i + 1}) for i in range(len(seats))
        ]
        self.fields["scorers"].choices = [(p.pk, p.display_name) for p in players]
        self.order_fields([*self.seat_names, "first_dealer"])

    def seat_fields(self):
        return [self[name] for name in self.seat_names]

    def seated(self) -> list[tuple[int, int]]:
        """``(player id, side)`` per seat, in table order."""
        return [
            (self.cleaned_data[name], side)
            for name, side in zip(self.seat_names, self.seat_sides, strict=True)
        ]


class ReasonForm(forms.Form):
    """A correction's or void's reason and the deal version it was based on."""

    reason = forms.CharField(
        max_length=500,
        label=_("Why"),
        help_text=_("Kept in the deal's history, e.g. “7 tricks, not 8”."),
    )
    base_version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class AbandonForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False, label=_("Why"))


class PlayerForm(forms.Form):
    """A club admin adds a player to the club."""

    display_name = forms.CharField(max_length=80, label=_("Name"))
    username = forms.CharField(
        max_length=150,
        required=False,
        label=_("Their account (username)"),
        help_text=_("Optional: lets them log in as this player."),
    )
    role = forms.ChoiceField(
        choices=[
            ("member", _("member")),
            ("scorer", _("scorer")),
            ("admin", _("club admin")),
        ],
        initial="member",
        label=_("Role"),
    )
    allow_duplicate = forms.BooleanField(
        required=False, label=_("A different person with a similar name: add anyway")
    )


# -- the club's people ---------------------------------------------------------------


class AddPlayerForm(forms.Form):
    display_name = forms.CharField(max_length=80, label=_("Name"))
    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label=_("Role"))
    guest = forms.BooleanField(
        required=False, label=_("A guest (a visitor, no account)")
    )
    allow_duplicate = forms.BooleanField(
        required=False, label=_("A different person: add anyway")
    )


class AddAccountForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        label=_("Username"),
        help_text=_(
            "The account of someone who already plays (in another club). They join "
            "when they accept the invitation on their own page."
        ),
    )
    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label=_("Role"))


class RenameForm(forms.Form):
    display_name = forms.CharField(max_length=80, label=_("Name"))
    short_name = forms.CharField(
        max_length=12,
        required=False,
        label=_("Short name"),
        help_text=_("What the score sheets print (optional)."),
    )


class MergeForm(forms.Form):
    keep = forms.TypedChoiceField(coerce=int, label=_("Keep"))
    merge = forms.TypedChoiceField(coerce=int, label=_("Merge into it and remove"))

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["keep"].choices = choices
        self.fields["merge"].choices = choices


# -- invitations ---------------------------------------------------------------------


class InvitationForm(forms.Form):
    """A new invitation: the role, optionally the player, how many uses, how long."""

    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label=_("Role"))
    player = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label=_("For the player"),
        help_text=_("Optional: a player of the club who has no account yet."),
    )
    max_uses = forms.IntegerField(
        min_value=1,
        max_value=100,
        initial=1,
        label=_("How many people may use it"),
        help_text=_("1 for one person; more for a link shared with the whole club."),
    )
    days = forms.IntegerField(
        min_value=1, max_value=90, initial=7, label=_("Valid for (days)")
    )
    note = forms.CharField(
        required=False,
        max_length=120,
        label=_("Note"),
        help_text=_("For you, e.g. “autumn newcomers”."),
    )

    def __init__(self, *args, players: Sequence[Player] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [
            ("", _("anyone (a new or existing player)"))
        ] + [(p.pk, p.display_name) for p in players]


class InvitationSignupForm(forms.Form):
    """A new account for the person accepting an invitation."""

    username = forms.CharField(
        max_length=150,
        label=_("Username"),
        validators=[UnicodeUsernameValidator()],
    )
    password1 = forms.CharField(
        label=_("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    display_name = forms.CharField(
        required=False,
        max_length=80,
        label=_("Your name"),
        help_text=_("As the club knows you (on score sheets and standings)."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The password rules in the reader's language, read when the page is made
        # (the validators' texts are translated then, not at import).
        self.fields["password1"].help_text = password_validators_help_text_html()


# Django's own Finnish lacks this message of MinimumLengthValidator; the mark puts
# it in Kirjuri's catalogue, which Django reads first (LOCALE_PATHS).
PASSWORD_TEXTS = (
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
    _("The password is too similar to the %(verbose_name)s."),
)
