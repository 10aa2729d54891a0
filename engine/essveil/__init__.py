"""Essveil: the duel fuelled by a cycling Essence Veil."""
