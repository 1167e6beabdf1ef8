"""``{% may_see_money as money %}``: does the header offer the money pages (the user
manages a club: its admins are its treasurers)? The header
(``templates/base.html``) is the site's; the question is money's."""

from django import template

from scoring import permissions
from scoring.models import Membership, Role

register = template.Library()


@register.simple_tag(takes_context=True)
def may_see_money(context) -> bool:
    user = context.get("user")
    player = permissions.player_of(user)
    if player is None:
        return False
    return Membership.objects.filter(player=player, role=Role.ADMIN).exists()
