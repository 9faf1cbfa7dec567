"""placeholder"""
from games.protocol import RandomBot


class StrongBot(RandomBot):
    name = "strong"


def bot_factories() -> dict:
    return {"random": RandomBot, "strong": StrongBot}
