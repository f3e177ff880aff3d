"""Widgets: pieces of screen that several screens may use (the on-screen keyboard)."""
