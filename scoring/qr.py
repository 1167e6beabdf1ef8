"""QR codes of links (invitations, table links), drawn by segno as SVG.

The pages show them as ``data:`` images (the Content-Security-Policy allows
``img-src data:``); nothing is written to disk."""

from __future__ import annotations

import segno


def qr_data_uri(url: str, *, scale: int = 5) -> str:
    """An SVG ``data:`` URI of the QR code of ``url`` (error correction M, a quiet
    zone of four modules, as scanners expect)."""
    return segno.make(url, error="m", micro=False).svg_data_uri(
        scale=scale, border=4, dark="#000", light="#fff"
    )
