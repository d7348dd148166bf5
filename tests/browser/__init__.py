"""Browser tests: the board in real JupyterLab, Notebook 7 and marimo pages."""
