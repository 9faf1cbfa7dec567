"""``manage.py seed_demo``."""
