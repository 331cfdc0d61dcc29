import jax
import jax.numpy as jnp

import churn_model


def make_update(loss_fn, lr):
    grad_fn = jax.grad(loss_fn, has_aux=True)

    @jax.jit
    def update(params, batch):
        grads, _ = grad_fn(params, batch)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)

    return update


def run(steps=30, lr=0.5):
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (128, 5))
    batch = {"x": x, "y": (x[:, 0] - x[:, 1] > 0).astype(jnp.float32)}
    params = churn_model.init(k2, 5)
    update = make_update(churn_model.churn_loss, lr)
    for _ in range(steps):
        params = update(params, batch)
    loss, metrics = churn_model.churn_loss(params, batch)
    print(f"loss {float(loss):.4f} accuracy {float(metrics['accuracy']):.3f}")
    return metrics


def main():
    run()


if __name__ == "__main__":
    main()
