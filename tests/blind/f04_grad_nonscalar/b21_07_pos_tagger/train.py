"""Train the tagger on synthetic tagged sentences."""
import jax
import jax.numpy as jnp

from losses import masked_token_nll, token_accuracy
from tagger import WindowTagger


class Trainer:
    def __init__(self, model, lr=0.5):
        self.model = model
        self.lr = lr
        self.step = jax.jit(self._step)

    def loss_fn(self, params, batch):
        logits = self.model(params, batch["tokens"])
        return masked_token_nll(logits, batch["tags"], batch["mask"])

    def _step(self, params, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss


def synthetic_corpus(key, n=32, T=10, vocab=60, n_tags=5):
    k1, k2 = jax.random.split(key)
    tokens = jax.random.randint(k1, (n, T), 1, vocab)
    tags = tokens % n_tags
    lengths = jax.random.randint(k2, (n, 1), 4, T + 1)
    mask = (jnp.arange(T) < lengths).astype(jnp.float32)
    return {"tokens": tokens * mask.astype(jnp.int32), "tags": tags, "mask": mask}


def main():
    model = WindowTagger(vocab=60, n_tags=5)
    params = model.init(jax.random.key(0))
    trainer = Trainer(model)
    batch = synthetic_corpus(jax.random.key(1))
    for epoch in range(5):
        params, loss = trainer.step(params, batch)
    acc = token_accuracy(model(params, batch["tokens"]), batch["tags"], batch["mask"])
    print(f"loss {float(loss):.3f} accuracy {float(acc):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
