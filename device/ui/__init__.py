"""The touchscreen app (pygame-ce). View models in view.py hold what may be
seen; screens/ draw them; app.py runs the loop."""
