"""The settings reader on bad files (hypothesis): it never fails; an unreadable
file (truncated, not JSON, wrong kind, too large) is set aside byte for byte
with a message; mistyped or out-of-range values are reset one by one, named in a
message, and the file as it was is kept beside it. The program starts anyway
and tells the player.

Each game's own settings come from its client package and show in Settings like the
app's own: a row with its label, an On/Off switch that is saved and read back."""
import json
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from client.settings import MAX_SETTINGS_BYTES, Settings
from client.settings import game_settings


GOOD = {"format": "cardhall-settings", "version": 1, "ui_scale": 1.3, "fullscreen": False,
        "animation_speed": "slow", "volume": 0.25, "ai_difficulty": "easy",
        "everdawn_turn_clock": True, "show_hints": False}
KEYS = [k for k in GOOD if k not in ("format", "version")]
HS = settings(max_examples=80, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

any_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(10 ** 30), 10 ** 30) | st.just(10 ** 400)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
    max_leaves=6)


def check_sane(s):
    assert isinstance(s.ui_scale, float) and 0.5 <= s.ui_scale <= 3.0
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert isinstance(s.fullscreen, bool) and isinstance(s.show_hints, bool)
    assert isinstance(s.everdawn_turn_clock, bool)
    assert s.animation_factor >= 0 and s.ai_difficulty in ("easy", "normal", "hard")
    json.dumps(s.to_json())


def load_bytes(tmp_path_factory, data):
    p = tmp_path_factory.mktemp("cfg") / "settings.json"
    p.write_bytes(data)
    s = Settings.load(p)
    check_sane(s)
    return p, s


@HS
@given(data=st.binary(max_size=400))
def test_random_bytes_never_break_the_reader(tmp_path_factory, data):
    p, s = load_bytes(tmp_path_factory, data)
    if s.load_message:  # set aside unchanged, the defaults in use
        assert not p.exists()
        [moved] = [x for x in p.parent.iterdir()]
        assert moved.read_bytes() == data and moved.name in s.load_message
        assert s.to_json() == Settings().to_json()


@HS
@given(cut=st.integers(0, len(json.dumps(GOOD)) - 1))
def test_a_truncated_file_is_set_aside_with_a_message(tmp_path_factory, cut):
    data = json.dumps(GOOD).encode()[:cut]
    p, s = load_bytes(tmp_path_factory, data)
    assert s.load_message and "could not be read" in s.load_message and "defaults are used" in s.load_message
    assert not p.exists() and next(p.parent.iterdir()).read_bytes() == data


@HS
@given(key=st.sampled_from(KEYS), value=any_json)
def test_a_mistyped_value_is_reset_alone_and_named(tmp_path_factory, key, value):
    obj = dict(GOOD, **{key: value})
    data = json.dumps(obj).encode()
    p, s = load_bytes(tmp_path_factory, data)
    assert s.load_message is None
    for k in KEYS:
        if k != key:
            assert getattr(s, k) == GOOD[k]
    if s.value_message:
        assert key in s.value_message
        kept = [x for x in p.parent.iterdir() if x.name.startswith("settings.json.reset-")]
        assert len(kept) == 1 and kept[0].read_bytes() == data
        assert Settings.load(p).value_message is None  # the cleaned file: no message next time
    else:
        assert getattr(s, key) == value  # the value was fine after all


@pytest.mark.parametrize("key", ["ui_scale", "volume"])
def test_a_huge_number_falls_back_to_the_default(tmp_path, key):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps(dict(GOOD, **{key: 10 ** 400})))
    s = Settings.load(p)
    assert getattr(s, key) == getattr(Settings(), key) and key in s.value_message


@pytest.mark.parametrize("data, words", [
    (b"x" * (MAX_SETTINGS_BYTES + 1), "too large"),
    (json.dumps({"format": "cardhall-deck", "cards": {}}).encode(), "not a Cardhall settings file"),
    (json.dumps([1, 2, 3]).encode(), "not a Cardhall settings file"),
    (b"\xff\xfe\x00garbage", "not a text file"),
    (b'{"format": "cardhall-settings", "volume": NaN}', "damaged JSON"),
])
def test_wrong_kind_or_oversized_files_get_a_clear_message(tmp_path, data, words):
    p = tmp_path / "settings.json"
    p.write_bytes(data)
    s = Settings.load(p)
    assert s.load_message and words in s.load_message
    assert not p.exists() and next(tmp_path.iterdir()).read_bytes() == data


def test_the_program_starts_and_tells_the_player(tmp_path):
    from client.devtools.testing import Driver
    cfg = tmp_path / "config"
    cfg.mkdir()
    (cfg / "settings.json").write_bytes(b'{"format": "cardhall-settings", "volu')
    d = Driver(tmp_path, settings=None)
    try:
        assert any("settings file could not be read" in t.text for t in d.app.toasts)
        d.open("title")
        assert d.scene.name == "title"
    finally:
        d.close()
    (cfg / "settings.json").write_text(json.dumps(dict(GOOD, ai_difficulty="impossible")))
    d = Driver(tmp_path, settings=None)
    try:
        d.open("title")
        assert d.until(lambda: not d.scene.pending, 10)
        assert any("ai_difficulty" in t.text for t in d.app.toasts)
        assert d.app.settings.ai_difficulty == "normal" and d.app.settings.volume == GOOD["volume"]
    finally:
        d.close()


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_volume_knob_grows_with_the_interface_and_its_corners_fit(tmp_path, monkeypatch, scale):
    """At interface size 150-200 % the slider's knob stayed 20 px wide while its corner radius
    grew: pygame-gui clamped it and printed a warning on the console."""
    import warnings
    from client.settings import Settings
    from client.devtools.testing import Driver
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    prefs = Settings.load()
    prefs.ui_scale = scale
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        d = Driver(tmp_path, size=(1280, 720), settings=prefs)
        try:
            d.open("settings")
            d.step(2)
            knob = d.scene.volume_slider.sliding_button.rect
            assert knob.width >= round(20 * d.app.scale) - 1
        finally:
            d.close()



def test_every_game_setting_is_a_switch_in_settings_and_is_saved(plain_driver, tmp_path):
    gs = game_settings()
    assert "everdawn_turn_clock" in gs and gs["everdawn_turn_clock"].game == "everdawn"
    d = plain_driver
    d.app.scenes.switch("settings")
    d.step(3)
    sc = d.scene
    for name, g in gs.items():
        assert name in sc.row_rects, f"{g.label} has no row"
        assert d.widget(name).text == ("On" if g.default else "Off")
    d.click("choose_return_order")
    d.step(2)
    assert d.app.settings.choose_return_order is (not gs["choose_return_order"].default)
    assert d.widget("choose_return_order").text == ("Off" if gs["choose_return_order"].default else "On")
    again = Settings.load()
    assert again.choose_return_order is d.app.settings.choose_return_order


def test_a_game_setting_of_the_wrong_type_falls_back_to_its_default(tmp_path):
    import json
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"format": "cardhall-settings", "version": 1, "everdawn_turn_clock": "yes",
                             "choose_return_order": True}))
    s = Settings.load(p)
    assert s.everdawn_turn_clock is False and s.choose_return_order is True
    assert "everdawn_turn_clock" in (s.value_message or "")
