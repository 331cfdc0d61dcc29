"""A small trainer that adapts to objectives with or without metrics."""

import jax

from experiment import SETTINGS, build_objective, init_params, make_queries


class Trainer:
    def __init__(self, objective, lr):
        self.lr = lr
        self.has_aux = getattr(objective, "has_aux", False)
        self.grad_fn = jax.value_and_grad(objective, has_aux=self.has_aux)
        self.step = jax.jit(self._step)

    def _step(self, params, batch):
        out, grads = self.grad_fn(params, batch)
        loss, metrics = out if self.has_aux else (out, {})
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss, metrics

    def fit(self, params, batch, steps):
        for _ in range(steps):
            params, loss, metrics = self.step(params, batch)
        return params, loss, metrics


def main(settings=SETTINGS):
    trainer = Trainer(build_objective(settings), settings["lr"])
    batch = make_queries(jax.random.key(0))
    _, loss, metrics = trainer.fit(init_params(jax.random.key(1)), batch, settings["steps"])
    print("loss", loss, metrics)
    return loss, metrics


if __name__ == "__main__":
    main()
