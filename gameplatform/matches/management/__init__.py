"""Management commands of the matches app."""
