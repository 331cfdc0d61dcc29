import jax
import jax.numpy as jnp

from grl import DomainClassifier


def total_loss(params, x, y, domain, clf):
    feats = jnp.tanh(x @ params["feat_w"])
    task = jnp.mean((feats @ params["head_w"] - y) ** 2)
    d = clf.logits(params, feats)[:, 0]
    adv = jnp.mean(jnp.logaddexp(0.0, d) - domain * d)
    return task + adv


def main(steps=5):
    keys = jax.random.split(jax.random.key(12), 4)
    x = jax.random.normal(keys[0], (20, 3))
    y = x[:, :1]
    domain = (jnp.arange(20) % 2).astype(jnp.float32)
    params = {
        "feat_w": 0.3 * jax.random.normal(keys[1], (3, 5)),
        "head_w": 0.3 * jax.random.normal(keys[2], (5, 1)),
        "domain_w": 0.3 * jax.random.normal(keys[3], (5, 1)),
    }
    clf = DomainClassifier(strength=0.5)
    for _ in range(steps):
        grads = jax.grad(total_loss)(params, x, y, domain, clf)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    loss = float(total_loss(params, x, y, domain, clf))
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
