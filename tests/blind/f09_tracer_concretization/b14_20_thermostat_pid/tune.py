import jax.numpy as jnp

from control.pid import PIDGains
from control.room import simulate_jit


def schedule(n=480):
    t = jnp.arange(n)
    setpoints = jnp.where((t > 120) & (t < 400), 21.0, 17.0)
    outside = 5.0 + 3.0 * jnp.sin(t / 80.0)
    return setpoints, outside


def main():
    setpoints, outside = schedule()
    gains = PIDGains(kp=0.4, ki=0.002, kd=2.0, windup_limit=200.0)
    temps, heat = simulate_jit(gains, setpoints, outside)
    print("tracking RMSE:", float(jnp.sqrt(jnp.mean((temps - setpoints) ** 2))),
          "energy:", float(heat.sum()))
    return temps


if __name__ == "__main__":
    main()
