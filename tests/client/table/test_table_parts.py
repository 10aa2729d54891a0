"""The table's parts (client/table/scene.py): whoever plays the other seats is the
table's driver, and every driver offers what the table calls."""
import inspect

import pytest

from support.helpers import ai_table, game_session

from client.table.ai import AIDriver, Driver
from client.table.online import OnlineDriver
from client.table.tutorial import LessonDriver

GAME = "evons"


def protocol_methods():
    return sorted(n for n, v in vars(Driver).items() if inspect.isfunction(v) and not n.startswith("_"))


@pytest.mark.parametrize("cls", [AIDriver, OnlineDriver, LessonDriver], ids=lambda c: c.__name__)
def test_every_driver_offers_what_the_table_calls(cls):
    assert protocol_methods() == ["busy", "cancel", "clock_text", "drive", "reset", "thinking", "tick",
                                  "wake_in"]
    missing = [n for n in protocol_methods() if not callable(getattr(cls, n, None))]
    assert missing == [], f"{cls.__name__} lacks {missing}"


class ScriptedDriver:
    """Plays the first legal action for the other seat, says it is thinking until then,
    and shows a fixed clock."""

    def __init__(self, table):
        self.table = table
        self.hold = True
        self.cancelled = 0

    def drive(self):
        t = self.table
        m = t.match
        if not self.hold and m.to_move() not in t.human_seats and m.result() is None and not t.anims.busy:
            t.perform(m.legal_actions()[0], by_ai=True)

    def cancel(self):
        self.cancelled += 1

    def busy(self):
        return self.hold and self.thinking() is not None

    def thinking(self):
        p = self.table.match.to_move()
        return p if p is not None and p not in self.table.human_seats else None

    def wake_in(self):
        return None

    def tick(self, dt):
        pass

    def clock_text(self):
        return ("0:42 · scripted", False)

    def reset(self):
        pass


def test_a_table_plays_what_its_driver_decides(driver):
    t = ai_table(driver, GAME, game_session(GAME, 5), paused=True)
    driver.until(lambda: t.human_to_move() and not t.busy(), 600)
    sub = t.driver = ScriptedDriver(t)
    # the human moves until the other seat is to decide: the table waits for its driver
    for _ in range(60):
        if t.match.to_move() not in t.human_seats or t.result() is not None:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step(30)
    if t.result() is not None:
        pytest.skip("the game ended before the other seat decided")
    n = len(t.session)
    driver.step(5)
    assert t.busy() and len(t.session) == n             # "thinking": nothing played, the player waits
    assert t.status_text() and t.driver.clock_text()[0] == "0:42 · scripted"
    sub.hold = False
    driver.until(lambda: len(t.session) > n, 60)
    assert t.session.actor(n) not in t.human_seats      # the driver's move, played through the table
    t.leave()
    assert sub.cancelled == 1                           # leaving the table stops it
