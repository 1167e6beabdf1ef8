"""What rummy games share: meld kinds, wild cards, books and canastas."""
