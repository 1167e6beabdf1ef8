"""Forms of the club's people pages: the shape of a request, nothing more (the rules
are :mod:`scoring.players`)."""

from __future__ import annotations

from django import forms

from scoring.models import Role


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
