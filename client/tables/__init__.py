"""Game tables (match screens). One module per game, each subclassing
:class:`client.table.scene.TableScene` and registering itself with
:func:`client.scenes.register_table`. See ``client/table/scene.py``."""
