"""Biomedical knowledge sources behind one interface (concepts, types, aliases, siblings, parents)."""
