"""The settings reader (client/settings.py) on damaged files: it never fails —
a bad file is set aside unchanged and defaults are used; bad values fall back
to their defaults one by one."""
import json

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client.settings import Settings
from test_files import byte_damage, tree_mutation

GOOD = {"format": "cardhall-settings", "version": 1, "ui_scale": 1.15, "fullscreen": True,
        "animation_speed": "fast", "volume": 0.5, "ai_difficulty": "hard",
        "everdawn_turn_clock": True, "show_hints": False}
GOOD_BYTES = json.dumps(GOOD, indent=2).encode()


def _load(tmp_path_factory, data: bytes) -> Settings:
    p = tmp_path_factory.mktemp("cfg") / "settings.json"
    p.write_bytes(data)
    s = Settings.load(p)
    assert isinstance(s.ui_scale, float) and 0.5 <= s.ui_scale <= 3.0
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert isinstance(s.fullscreen, bool) and isinstance(s.show_hints, bool)
    assert s.animation_factor >= 0
    json.dumps(s.to_json())
    if s.load_message:
        assert not p.exists()  # set aside, renamed
        [moved] = p.parent.iterdir()
        assert moved.read_bytes() == data
    return s


finite_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
    | st.sampled_from(["fast", "hard", "instant", "slow", "normal", "easy"]),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=8)

HSET = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@HSET
@given(data=st.data())
def test_settings_reader_never_fails_on_damaged_bytes(data, tmp_path_factory):
    _load(tmp_path_factory, data.draw(byte_damage(GOOD_BYTES)))


@HSET
@given(data=st.data())
def test_settings_reader_never_fails_on_mistyped_values(data, tmp_path_factory):
    _load(tmp_path_factory, json.dumps(data.draw(tree_mutation(GOOD))).encode())


VALUES = sorted(k for k in GOOD if k not in ("format", "version"))


@HSET
@given(key=st.sampled_from(VALUES), value=finite_json)
def test_each_bad_value_falls_back_to_its_default_alone(key, value, tmp_path_factory):
    obj = dict(GOOD)
    obj[key] = value
    s = _load(tmp_path_factory, json.dumps(obj).encode())
    assert s.load_message is None
    for k in VALUES:
        if k != key:
            assert getattr(s, k) == GOOD[k], k  # the other settings are kept


@pytest.mark.parametrize("key", ["ui_scale", "volume"])
def test_a_huge_number_falls_back_to_the_default(key, tmp_path_factory):
    obj = dict(GOOD)
    obj[key] = 10 ** 400
    s = _load(tmp_path_factory, json.dumps(obj).encode())
    assert getattr(s, key) == getattr(Settings(), key)
