"""Train the intent classifier on a toy utterance set."""

import jax
import jax.numpy as jnp

from intent import BagOfWordsClassifier, ClassifierConfig

INTENTS = ("play_music", "set_alarm", "weather", "call_contact")
CONFIG = ClassifierConfig(vocab_size=50)


def toy_batch(key, n=24, max_len=7):
    k1, k2, k3 = jax.random.split(key, 3)
    labels = jax.random.randint(k1, (n,), 0, len(INTENTS))
    tokens = jax.random.randint(k2, (n, max_len), 4, CONFIG.vocab_size)
    tokens = tokens.at[:, 0].set(labels)  # the intent keyword comes first
    lengths = jax.random.randint(k3, (n,), 2, max_len + 1)
    mask = (jnp.arange(max_len)[None, :] < lengths[:, None]).astype(jnp.float32)
    return tokens, mask, labels


def train(steps=10):
    model = BagOfWordsClassifier(CONFIG, n_out=len(INTENTS))
    params = model.init(jax.random.key(0))
    batch = toy_batch(jax.random.key(1))

    @jax.jit
    def step(params, tokens, mask, labels):
        loss, grads = jax.value_and_grad(model.loss)(params, tokens, mask, labels)
        return jax.tree.map(lambda p, g: p - CONFIG.lr * g, params, grads), loss

    for _ in range(steps):
        params, loss = step(params, *batch)
    return loss


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
