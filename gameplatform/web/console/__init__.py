"""A community's console for its owners and moderators at /communities/<slug>/console/
(issue 27, point 2): access.py (who opens which tab), settings.py (Settings, Games & variants),
people.py (Members, Ownership, Invitations), moderation.py (Reports, Audit log)."""
