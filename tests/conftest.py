"""Shared fixtures. The database is whatever DATABASE_URL says (PostgreSQL in CI, SQLite on a
fresh machine); the channel layer and broker follow REDIS_URL the same way."""
