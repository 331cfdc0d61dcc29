import functools

import jax
import jax.numpy as jnp
import numpy as np

from skipgram import CONFIG, init_params, sgns_loss

corpus = np.random.default_rng(0).integers(0, CONFIG["vocab_size"], size=2000)


def make_batches(tokens, window=2, batch_size=128, seed=0):
    rng = np.random.default_rng(seed)
    pairs = [(tokens[i], tokens[j]) for i in range(len(tokens))
             for j in range(max(0, i - window), min(len(tokens), i + window + 1)) if i != j]
    pairs = np.array(pairs)
    rng.shuffle(pairs)
    for start in range(0, len(pairs) - batch_size, batch_size):
        chunk = pairs[start:start + batch_size]
        negs = rng.integers(0, CONFIG["vocab_size"], size=(batch_size, CONFIG["n_negative"]))
        yield jnp.asarray(chunk[:, 0]), jnp.asarray(chunk[:, 1]), jnp.asarray(negs)


@jax.jit
def train_step(params, centers, contexts, negatives):
    loss_fn = functools.partial(sgns_loss, cfg=CONFIG)
    (loss, metrics), grads = jax.value_and_grad(loss_fn, has_aux=True)(
        params, centers, contexts, negatives)
    params = jax.tree_util.tree_map(lambda p, g: p - CONFIG["lr"] * g, params, grads)
    return params, loss, metrics


def main():
    params = init_params(jax.random.PRNGKey(0), CONFIG)
    for i, batch in enumerate(make_batches(corpus)):
        params, loss, metrics = train_step(params, *batch)
        if i % 20 == 0:
            print(f"batch {i}: loss={float(loss):.4f}", metrics)
        if i == 60:
            break
    return params


if __name__ == "__main__":
    main()
