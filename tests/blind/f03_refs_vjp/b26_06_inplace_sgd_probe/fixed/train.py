"""Linear probe on frozen features, trained with an in-place SGD optimiser."""
import jax
import jax.numpy as jnp

from module import SGD, LinearProbe


def cross_entropy(params, feats, labels):
    logits = LinearProbe.apply(params, feats)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


grad_fn = jax.value_and_grad(cross_entropy)


def fit(probe, feats, labels, epochs=20, lr=0.5):
    params = probe.named_parameters()
    opt = SGD(params, lr)
    history = []
    for _ in range(epochs):
        loss, grads = grad_fn(jax.tree.map(lambda p: p[...], params), feats, labels)
        opt.step(grads)
        history.append(float(loss))
    return history


def run(epochs=20):
    kf, kp, kw = jax.random.split(jax.random.key(0), 3)
    feats = jax.random.normal(kf, (96, 10))
    labels = jnp.argmax(feats @ jax.random.normal(kw, (10, 3)), axis=1)
    probe = LinearProbe(kp, 10, 3)
    return fit(probe, feats, labels, epochs)


def main():
    history = run()
    print(f"loss {history[0]:.3f} -> {history[-1]:.3f}")


if __name__ == "__main__":
    main()
