"""Small running statistics used to watch the backward pass."""


class RunningMean:
    def __init__(self, name, momentum=0.9):
        self.name = name
        self.momentum = momentum
        self.value = None
        self.count = 0

    def update(self, x):
        x = abs(x).mean()
        if self.value is None:
            self.value = x
        else:
            self.value = self.momentum * self.value + (1 - self.momentum) * x
        self.count += 1
        return self
