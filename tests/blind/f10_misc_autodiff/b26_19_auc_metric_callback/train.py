"""Trains the CTR model with Adagrad, logging AUC every step."""
import jax
import jax.numpy as jnp

from model import init, loss_with_metrics

N_FIELDS, VOCAB, DIM, N_DENSE = 3, 20, 8, 4


def adagrad(lr=0.1, eps=1e-8):
    def init_state(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update(grads, acc, params):
        acc = jax.tree.map(lambda a, g: a + g * g, acc, grads)
        params = jax.tree.map(lambda p, g, a: p - lr * g / (jnp.sqrt(a) + eps), params, grads, acc)
        return params, acc

    return init_state, update


opt_init, opt_update = adagrad()


@jax.jit
def train_step(params, acc, batch):
    (loss, metrics), grads = jax.value_and_grad(loss_with_metrics, has_aux=True)(params, batch)
    params, acc = opt_update(grads, acc, params)
    return params, acc, {"loss": loss, **metrics}


def make_batch(key, n=256):
    kc, kd, kw = jax.random.split(key, 3)
    cat = jax.random.randint(kc, (n, N_FIELDS), 0, VOCAB)
    dense = jax.random.normal(kd, (n, N_DENSE))
    score = dense @ jax.random.normal(kw, (N_DENSE,)) + (cat[:, 0] < 5)
    return {"cat": cat, "dense": dense, "clicked": (score > 0.5).astype(jnp.float32)}


def run(steps=20):
    params = init(jax.random.key(0), N_FIELDS, VOCAB, DIM, N_DENSE)
    acc = opt_init(params)
    batch = make_batch(jax.random.key(1))
    metrics = {}
    for _ in range(steps):
        params, acc, metrics = train_step(params, acc, batch)
    return {k: float(v) for k, v in metrics.items()}


def main():
    print(run())


if __name__ == "__main__":
    main()
