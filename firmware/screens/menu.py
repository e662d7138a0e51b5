"""The menu (START): every screen of the device, one press away."""

from firmware import fonts, inks, keys, widgets
from firmware import ui

ROW = 14  # a menu line: bold, with room to read it at arm's length


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.items = app.menu()  # MENU with the selected game's pack screen
        self.sel = 0  # the first entry, whichever screen it opens on: DOWNs count from Roll

    def key(self, event):
        k = event & keys.KEY_MASK
        if k == keys.UP:
            self.sel = (self.sel - 1) % len(self.items)
        elif k == keys.DOWN:
            self.sel = (self.sel + 1) % len(self.items)
        elif event == keys.A or k == keys.RIGHT:
            name = self.items[self.sel][1]
            self.app.close(False)  # (the screen below wakes only if it is the one chosen)
            if name == "undo":  # over the screen it was opened on: B comes back to it
                self.app.open(name)
            else:
                self.app.go(name)
        elif k == keys.START or event == keys.B:
            self.app.close()
        else:
            return False
        return True

    def draw(self, canvas):
        widgets.title(canvas, "Menu")
        top = widgets.TITLE_H + 1
        rows = (canvas.height - top) // ROW
        first = widgets.window(self.sel, len(self.items), rows)
        y = top
        for i in range(first, min(len(self.items), first + rows)):
            on = i == self.sel
            if on:
                canvas.fill(0, y, canvas.width, ROW, inks.BLUE)
                canvas.tri(4, y + 3, 5, 8, inks.YELLOW, 3)
            canvas.text(14, y + 1, canvas.width - 30, self.items[i][0],
                        inks.WHITE, fonts.BOLD)
            y += ROW
        widgets.scroll_marks(canvas, canvas.width - 9, top, top + rows * ROW, first > 0,
                             first + rows < len(self.items))
