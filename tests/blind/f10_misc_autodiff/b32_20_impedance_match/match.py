"""Lab 3, part 2: tune a complex load impedance by gradient descent so |Gamma|^2 -> 0."""
import jax
import jax.numpy as jnp

from rf import reflected_power

LR = 2000.0
STEPS = 60


def main():
    z = jnp.array(20.0 + 30.0j)  # starting load (ohm)
    for step in range(STEPS):
        # z is complex, so the derivative has to be the complex one
        g = jax.grad(reflected_power, holomorphic=True)(z)
        z = z - LR * jnp.conj(g)
        if step % 20 == 0:
            print(f"step {step:2d}: Z_L = {complex(z):.2f} ohm, |Gamma|^2 = {float(reflected_power(z)):.4f}")
    print("matched load:", complex(z))
    return z


if __name__ == "__main__":
    main()
