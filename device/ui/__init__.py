"""The touchscreen app (pygame-ce). View models in view.py hold what may be
seen; screens/ draw them; app.py runs the loop. A tap's action (actions.py) goes to
the app or to one of its controllers, each with its own state: seating.py (the start
screen and the draw for the deal), pairing.py, settings.py and history.py."""
