"""Mean-teacher training: the teacher is an EMA of the student, kept in a Ref."""

import jax
import jax.numpy as jnp

from objectives import distill_loss


class MeanTeacher:
    def __init__(self, w0, decay=0.9, lr=0.2):
        self.w = w0
        self.ema = jax.new_ref(w0)
        self.decay = decay
        self.lr = lr
        self.grad_fn = jax.value_and_grad(distill_loss, argnums=1)

    def step(self, x, y):
        loss, g = self.grad_fn(self.ema, self.w, x, y)
        self.w = self.w - self.lr * g
        self.ema[...] = self.decay * self.ema[...] + (1.0 - self.decay) * self.w
        return loss


def main(steps=8):
    kx, kw, kt = jax.random.split(jax.random.key(7), 3)
    x = jax.random.normal(kx, (80, 5))
    y = jnp.tanh(x @ jax.random.normal(kt, (5, 2)))
    trainer = MeanTeacher(jax.random.normal(kw, (5, 2)) * 0.1)
    for _ in range(steps):
        loss = trainer.step(x, y)
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
