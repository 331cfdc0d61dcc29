"""Logistic regression on two Gaussian blobs with warmup + cosine decay."""
import jax
import jax.numpy as jnp

from optim import momentum
from schedules import WarmupCosine


def loss_fn(params, x, y):
    logits = x @ params["w"] + params["b"]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def make_step(update):
    @jax.jit
    def step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        params, opt_state = update(grads, opt_state, params)
        return params, opt_state, loss
    return step


def train(steps=200):
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    x = jnp.concatenate([jax.random.normal(k1, (64, 2)) + 1.5, jax.random.normal(k2, (64, 2)) - 1.5])
    y = jnp.concatenate([jnp.ones(64), jnp.zeros(64)])
    init, update = momentum(WarmupCosine(peak=0.5, warmup_steps=20, total_steps=steps))
    params = {"w": jnp.zeros(2), "b": jnp.zeros(())}
    opt_state = init(params)
    step = make_step(update)
    for _ in range(steps):
        params, opt_state, loss = step(params, opt_state, x, y)
    return params, loss


def main():
    params, loss = train()
    print("w", params["w"], "loss", float(loss))


if __name__ == "__main__":
    main()
