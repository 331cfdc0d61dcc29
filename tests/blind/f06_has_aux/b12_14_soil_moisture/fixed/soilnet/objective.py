"""Training objective: Huber loss on volumetric water content, plus diagnostics."""
import jax.numpy as jnp


def huber(r, delta=0.05):
    a = jnp.abs(r)
    return jnp.where(a < delta, 0.5 * r ** 2, delta * (a - 0.5 * delta))


def make_loss(model):
    def loss_fn(params, state, batch):
        pred, new_state = model.apply(params, state, batch["x"], train=True)
        resid = pred - batch["theta"]
        loss = jnp.mean(huber(resid))
        metrics = {"rmse": jnp.sqrt(jnp.mean(resid ** 2)), "bias": jnp.mean(resid)}
        return loss, (metrics, new_state)
    return loss_fn
