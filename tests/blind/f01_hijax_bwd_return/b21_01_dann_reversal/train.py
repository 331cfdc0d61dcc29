"""Domain-adversarial training (DANN) on synthetic source/target features."""
import jax
import jax.numpy as jnp

from grl import reverse_gradient
from monitor import GradMonitor

CONFIG = {"in_dim": 12, "hidden": 16, "n_classes": 3, "grl_lambda": 0.3, "lr": 0.05}
monitor = GradMonitor()


def init_params(key, cfg):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "feat": jax.random.normal(k1, (cfg["in_dim"], cfg["hidden"])) * 0.2,
        "cls": jax.random.normal(k2, (cfg["hidden"], cfg["n_classes"])) * 0.2,
        "dom": jax.random.normal(k3, (cfg["hidden"], 1)) * 0.2,
    }


def dann_loss(params, xs, ys, xt):
    hs = jnp.tanh(xs @ params["feat"])
    ht = jnp.tanh(xt @ params["feat"])
    logits = hs @ params["cls"]
    task = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), ys[:, None], axis=1))
    h = jnp.concatenate([hs, ht])
    h = reverse_gradient(h, CONFIG["grl_lambda"], monitor)
    d_logit = (h @ params["dom"])[:, 0]
    d_label = jnp.concatenate([jnp.zeros(len(hs)), jnp.ones(len(ht))])
    domain = jnp.mean(jnp.logaddexp(0.0, d_logit) - d_label * d_logit)
    return task + domain


@jax.jit
def train_step(params, xs, ys, xt):
    loss, grads = jax.value_and_grad(dann_loss)(params, xs, ys, xt)
    params = jax.tree.map(lambda p, g: p - CONFIG["lr"] * g, params, grads)
    return params, loss


def main():
    key = jax.random.key(0)
    kp, ks, ky, kt = jax.random.split(key, 4)
    params = init_params(kp, CONFIG)
    xs = jax.random.normal(ks, (32, CONFIG["in_dim"]))
    ys = jax.random.randint(ky, (32,), 0, CONFIG["n_classes"])
    xt = jax.random.normal(kt, (32, CONFIG["in_dim"])) + 0.5
    for epoch in range(3):
        params, loss = train_step(params, xs, ys, xt)
        print(f"epoch {epoch} loss {float(loss):.4f}")
    return params


if __name__ == "__main__":
    main()
