"""A marimo notebook with the solo board of the browser tests (seed 1)."""

import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    import covil_nb

    mo.ui.anywidget(covil_nb.play_solo(seed=1))
    return


if __name__ == "__main__":
    app.run()
