"""Each game's own settings come from its client package and show in Settings like the
app's own: a row with its label, an On/Off switch that is saved and read back."""
from client.settings import Settings, game_settings


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
