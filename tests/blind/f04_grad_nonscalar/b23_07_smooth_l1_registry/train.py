import jax
import jax.numpy as jnp

import config
from losses import build_loss


def init(key, n_in, hidden, outputs):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_in, hidden)) * 0.1,
        "w2": jax.random.normal(k2, (hidden, outputs)) * 0.1,
    }


def predict(params, feats):
    return jnp.tanh(feats @ params["w1"]) @ params["w2"]


def make_step(criterion, lr):
    def objective(params, feats, boxes):
        return criterion(predict(params, feats), boxes)

    @jax.jit
    def step(params, feats, boxes):
        grads = jax.grad(objective)(params, feats, boxes)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)

    return step, objective


def main():
    feats = jax.random.normal(jax.random.key(0), (50, 8))
    boxes = jax.random.uniform(jax.random.key(1), (50, 4))
    params = init(jax.random.key(2), 8, config.MODEL["hidden"], config.MODEL["outputs"])
    step, objective = make_step(build_loss(config.LOSS), config.OPTIM["lr"])
    for _ in range(config.OPTIM["steps"]):
        params = step(params, feats, boxes)
    final = objective(params, feats, boxes)
    print("loss", float(final))
    return final


if __name__ == "__main__":
    main()
