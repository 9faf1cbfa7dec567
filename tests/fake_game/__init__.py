"""The test game "race" as a registered package (its engine is tests/fake_engine.py)."""
