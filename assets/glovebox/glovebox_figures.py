"""matplotlib's backend in the sandbox: figures become files of /output.

The runner selects it (MPLBACKEND=module://glovebox_figures) before the code
runs; nothing imports matplotlib for it. Drawing is Agg's (files only, no
display). `plt.show()` saves every open figure the code has not saved itself
to /output as PNG and closes it, as closing its window would; the runner
calls `save_open_figures` once more when the code ends, for figures still
open. The host checks every image before it shows one.
"""
import os

from matplotlib._pylab_helpers import Gcf
from matplotlib.backends.backend_agg import FigureCanvasAgg

OUTPUT_DIR = "/output"
# The most figures saved this way in one job (the host shows fewer).
MAX_SAVED = 20
DPI = 100

_saved = 0


class FigureCanvas(FigureCanvasAgg):
    """Agg's canvas, remembering that the code saved its figure; an SVG
    saved into /output gets a PNG twin (the PDF report places PNGs)."""

    def print_figure(self, filename, *args, **kwargs):
        self.figure._glovebox_saved = True
        done = super().print_figure(filename, *args, **kwargs)
        twin = _png_twin(filename, kwargs.get("format"))
        if twin is not None:
            try:
                super().print_figure(twin, format="png", dpi=DPI)
            except Exception:  # the SVG is saved; its twin is a convenience
                pass
        return done


def _png_twin(filename, fmt):
    """`/output/x.png` for an SVG saved as `/output/x.svg` when none exists."""
    if not isinstance(filename, str):
        return None
    path = os.path.abspath(filename)
    stem, ext = os.path.splitext(path)
    if not path.startswith(OUTPUT_DIR + "/") or (fmt or ext[1:]).lower() != "svg":
        return None
    return None if os.path.lexists(stem + ".png") else stem + ".png"


def _free_name():
    k = _saved + 1
    while os.path.lexists(os.path.join(OUTPUT_DIR, "figure-%d.png" % k)):
        k += 1
    return os.path.join(OUTPUT_DIR, "figure-%d.png" % k)


def save_open_figures():
    """Saves each open figure with something drawn that the code did not
    save itself, then closes them all."""
    global _saved
    for manager in Gcf.get_all_fig_managers():
        figure = manager.canvas.figure
        if getattr(figure, "_glovebox_saved", False) or not figure.get_axes():
            continue
        if _saved >= MAX_SAVED:
            break
        figure.savefig(_free_name(), format="png", dpi=DPI)
        _saved += 1
    Gcf.destroy_all()


def show(*args, **kwargs):
    """`plt.show()`: there is no screen; the figures go to /output."""
    save_open_figures()
