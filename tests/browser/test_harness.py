"""The harness itself, proved on a tiny anywidget counter (no covil code): clicks
reach the kernel, the kernel's changes reach the page, themes switch. When the
board's tests fail and this one passes, look at the board, not the harness."""

from __future__ import annotations

from playwright.sync_api import expect

from browser.harness import DARK, LIGHT, NotebookOpener


def test_clicks_reach_the_kernel_and_the_kernel_reaches_the_page(
    open_in_lab: NotebookOpener,
) -> None:
    notebook = open_in_lab("counter.ipynb")
    counter = notebook.run_all("[data-version]")
    expect(counter).to_have_attribute("data-version", "0")

    for clicks in range(1, 4):
        counter.locator("button").click()
        expect(counter).to_have_attribute("data-version", str(clicks))
    assert notebook.kernel.value("counter.count") == 3

    notebook.kernel.run("counter.count = 10")
    expect(counter).to_have_attribute("data-version", "10")
    expect(counter.locator("button")).to_have_text("clicked 10 times")

    for theme in (DARK, LIGHT):
        notebook.theme(theme)
