"""The menu (START): every screen of the device, one press away."""

from firmware import app as A
from firmware import keys as K
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.items = app.menu()  # MENU with the selected game's pack screen
        self.cur = ui.Cursor(len(self.items), 1)
        below = app.stack[-1].name if app.stack else A.HOME
        for i in range(len(self.items)):
            if self.items[i][1] == below:
                self.cur.sel = i

    def key(self, ev):
        k = ev & K.KEY_MASK
        if k == K.UP:
            self.cur.move(-1)
        elif k == K.DOWN:
            self.cur.move(1)
        elif ev == K.A or k == K.RIGHT:
            self.app.close()
            self.app.go(self.items[self.cur.sel][1])
        elif k == K.START or ev == K.B:
            self.app.close()
        else:
            return False
        return True

    def draw(self, c):
        ui.title(c, "MENU")
        self.cur.resize(len(self.items), c.rows - 2)
        row = 1
        for i in self.cur.visible():
            ui.selected(c, row, i == self.cur.sel)
            c.text(2, row, self.items[i][0])
            row += 1
        ui.hint(c, "A open  B back")
