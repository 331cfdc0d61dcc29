"""Noise schedules for denoising diffusion, computed once in plain Python."""

import math


def cosine_alpha_bars(n_steps, s=0.008):
    f = lambda t: math.cos((t / n_steps + s) / (1 + s) * math.pi / 2) ** 2
    return [min(f(t) / f(0), 0.9999) for t in range(1, n_steps + 1)]


def linear_alpha_bars(n_steps, beta_start=1e-4, beta_end=0.02):
    out, prod = [], 1.0
    for i in range(n_steps):
        prod *= 1.0 - (beta_start + (beta_end - beta_start) * i / max(n_steps - 1, 1))
        out.append(prod)
    return out


SCHEDULES = {"cosine": cosine_alpha_bars, "linear": linear_alpha_bars}
