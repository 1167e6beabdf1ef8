"""Forms of the score-book pages: the shape of a request, nothing more.

These check that what a browser posted is well formed (a number is a number, a
reason is given); every rule of the score book is checked by the service the view
calls. The deal itself is not a Django form: it is generated from the game's deal
schema (:mod:`scoring.deal_forms`). The club's people pages' forms are at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from scoring.models import Player, Role


class MatchSetupForm(forms.Form):
    """Seats, dealer, stake and flags of a new match (options come from the game).

    ``seat_<i>`` is the player at seat *i* (clockwise from the first seat); the
    side of each seat is the table shape the game is played at.
    """

    first_dealer = forms.TypedChoiceField(coerce=int, label="First dealer")
    point_value = forms.DecimalField(
        required=False,
        min_value=0,
        decimal_places=4,
        label="Value of a point",
        help_text="Optional stake, e.g. 0.01 for a cent a point.",
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    currency = forms.CharField(
        required=False,
        max_length=3,
        label="Currency",
        help_text="Three letters, e.g. EUR (only with a stake).",
    )
    is_public = forms.BooleanField(
        required=False, label="Public: anyone with the link may follow the sheet"
    )
    double_entry = forms.BooleanField(
        required=False,
        label="Double entry: a player of the other side confirms every deal",
    )
    scorers = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        label="Who else scores this match",
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
                label=f"Seat {i + 1} · {side_names[side]}",
            )
            self.seat_names.append(name)
        self.fields["first_dealer"].choices = [
            (i, f"Seat {i + 1}") for i in range(len(seats))
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
        label="Why",
        help_text="Kept in the deal's history, e.g. “7 tricks, not 8”.",
    )
    base_version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class AbandonForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False, label="Why")


class PlayerForm(forms.Form):
    """A club admin adds a player to the club."""

    display_name = forms.CharField(max_length=80, label="Name")
    username = forms.CharField(
        max_length=150,
        required=False,
        label="Their account (username)",
        help_text="Optional: lets them log in as this player.",
    )
    role = forms.ChoiceField(
        choices=[("member", "member"), ("scorer", "scorer"), ("admin", "club admin")],
        initial="member",
    )
    allow_duplicate = forms.BooleanField(
        required=False, label="A different person with a similar name: add anyway"
    )


# -- the club's people ---------------------------------------------------------------


class AddPlayerForm(forms.Form):
    display_name = forms.CharField(max_length=80, label="Name")
    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label="Role")
    guest = forms.BooleanField(required=False, label="A guest (a visitor, no account)")
    allow_duplicate = forms.BooleanField(
        required=False, label="A different person: add anyway"
    )


class AddAccountForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        label="Username",
        help_text="The account of someone who already plays (in another club).",
    )
    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label="Role")


class RenameForm(forms.Form):
    display_name = forms.CharField(max_length=80, label="Name")
    short_name = forms.CharField(
        max_length=12,
        required=False,
        label="Short name",
        help_text="What the score sheets print (optional).",
    )


class MergeForm(forms.Form):
    keep = forms.TypedChoiceField(coerce=int, label="Keep")
    merge = forms.TypedChoiceField(coerce=int, label="Merge into it and remove")

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["keep"].choices = choices
        self.fields["merge"].choices = choices


# -- invitations ---------------------------------------------------------------------


class InvitationForm(forms.Form):
    """A new invitation: the role, optionally the player, how many uses, how long."""

    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER, label="Role")
    player = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label="For the player",
        help_text="Optional: a player of the club who has no account yet.",
    )
    max_uses = forms.IntegerField(
        min_value=1,
        max_value=100,
        initial=1,
        label="How many people may use it",
        help_text="1 for one person; more for a link shared with the whole club.",
    )
    days = forms.IntegerField(
        min_value=1, max_value=90, initial=7, label="Valid for (days)"
    )
    note = forms.CharField(
        required=False,
        max_length=120,
        label="Note",
        help_text="For you, e.g. “autumn newcomers”.",
    )

    def __init__(self, *args, players: Sequence[Player] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "anyone (a new or existing player)")] + [
            (p.pk, p.display_name) for p in players
        ]


class InvitationSignupForm(forms.Form):
    """A new account for the person accepting an invitation."""

    username = forms.CharField(max_length=150, label="Username")
    password1 = forms.CharField(
        label="Password",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label="Password again",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    display_name = forms.CharField(
        required=False,
        max_length=80,
        label="Your name",
        help_text="As the club knows you (on score sheets and standings).",
    )
