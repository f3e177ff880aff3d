"""The camera card reader: a card lying face up on the spot, read from a frame.

OpenCV and numpy live here and only here (the optional extra `[camera]`). The
table process never imports this package: only the `camera-pair` and
`camera-read` commands do, and they import it when they run (device/cli.py).

- locate.py: finds the card on the spot and rectifies it to an upright image;
- features.py: what of that image is compared (light and colour cast taken out);
- profile.py: the learnt deck, saved as one compressed .npz file;
- reader.py: pairing (one frame per card) and reading (a card and a score, or
  None when it is not sure);
- commands.py: the two commands of the command line.
"""
