"""The WOF's own fit: gradient ascent from equal ratings, stopped when the gradient has shrunk.

The published WOF lists are not the converged maximum of the likelihood (see `newton.fit`):
the WOF's program climbs it by gradient steps from all-equal strengths and stops early, so
thinly connected and extreme players are still on their way. `ascend` repeats such an
iteration (issue 14, DOMAIN section 4), in natural units over the aggregated pairs:

1. ``theta = 0``; the gradient ``g_i = sum_j S_ij - W_ij p_ij`` (weighted score minus weighted
   expected score, draws scoring half) has L1 norm ``G_0``.
2. `PLAIN_STEPS` plain steps ``theta += h g`` with ``h = n^FIRST_STEP_EXPONENT / G_0``.
3. Then Chebyshev-accelerated steps (Chebyshev semi-iteration, Saad, *Iterative Methods for
   Sparse Linear Systems*, algorithm 12.1) for a curvature between ``L / PERIOD^2`` and
   ``L = max_i W_i / 2``, restarted every `PERIOD` steps (the restart keeps the momentum
   honest while the curvature ``W p (1 - p)`` changes with ``theta``).
4. Stop as soon as ``||g||_1 <= stop_fraction * G_0``.

``L`` bounds the curvature of the log-likelihood everywhere (Gershgorin on the Laplacian with
edge weights ``W_ij p (1 - p) <= W_ij / 4``), so no step overshoots; the plain step ``h`` is
capped at ``1 / L`` for the same reason (on the real archive ``h L`` is about 0.37 and the cap
never acts). With ``L = 1 / h`` instead the real lists need 2.7 times more steps for the same
fidelity (docs/decisions.md, issue 14).

The gradient is one pass over the pairs with ``p_ij = E_i / (E_i + E_j)``, ``E = e^theta``
(one exponential per player instead of one per pair), compiled with numba. It walks the pairs
row by row (`Pairs.indptr`): player i's own sum stays in a register while the pairs of row i
go by, and the indices are unsigned (no negative-index wrap-around in the loop). Since every
pair (i, j) has ``i < j``, each ``g_i`` still receives its terms in the order of the pairs,
so the strengths are bit for bit those of a pair-by-pair pass, at about 0.7 of its CPU.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.newton import Fit, Pairs, probabilities, residuals

FIRST_STEP_EXPONENT = 0.3
"""The plain step is ``n^0.3`` over the L1 norm of the first gradient."""
PLAIN_STEPS = 10
"""Plain gradient steps before the acceleration starts."""
PERIOD = 63
"""Steps per Chebyshev cycle; the cycle's curvature interval is ``[L / PERIOD^2, L]``."""
_CLIP = 700.0
"""Strengths are kept within +-700 natural units so that ``e^theta`` stays finite."""


def _climb(
    indptr: NDArray[np.uint32],
    j: NDArray[np.uint32],
    weight: NDArray[np.float64],
    score: NDArray[np.float64],
    theta: NDArray[np.float64],
    stop_fraction: float,
    max_steps: int,
    exponent: float,
    plain_steps: int,
    period: int,
) -> tuple[int, float]:
    """The whole ascent in place on `theta` (zeros on entry); returns (steps, final L1 norm),
    or (-1, norm) when `max_steps` ran out. The pairs are CSR rows (`indptr`, `j`) with
    ``i < j``. Compiled by `_kernel`, plain Python otherwise."""
    n = theta.shape[0]
    g = np.zeros(n)
    e = np.zeros(n)
    d = np.zeros(n)
    total = np.zeros(n)
    for a in range(n):
        for k in range(indptr[a], indptr[a + 1]):
            total[a] += weight[k]
            total[j[k]] += weight[k]
    largest = 0.0
    for k in range(n):
        largest = max(largest, total[k] / 2.0)

    def gradient() -> float:
        for k in range(n):
            e[k] = math.exp(min(max(theta[k], -_CLIP), _CLIP))
            g[k] = 0.0
        for a in range(n):
            ea = e[a]
            row = g[a]
            for k in range(indptr[a], indptr[a + 1]):
                b = j[k]
                r = score[k] - weight[k] * ea / (ea + e[b])
                row += r
                g[b] -= r
            g[a] = row
        norm = 0.0
        for k in range(n):
            norm += abs(g[k])
        return norm

    first = gradient()
    norm = first
    target = stop_fraction * first
    if norm <= target:
        return 0, norm
    upper = largest
    step = min(n**exponent / first, 1.0 / upper)
    steps = 0
    while steps < plain_steps and norm > target:
        if steps == max_steps:
            return -1, norm
        for k in range(n):
            theta[k] += step * g[k]
        norm = gradient()
        steps += 1
    lower = upper / (period * period)
    centre = (upper + lower) / 2.0
    half = (upper - lower) / 2.0
    sigma = centre / half
    rho = 0.0
    cycle = 0
    while norm > target:
        if steps == max_steps:
            return -1, norm
        if cycle % period == 0:
            rho = 1.0 / sigma
            for k in range(n):
                d[k] = g[k] / centre
        else:
            rho_next = 1.0 / (2.0 * sigma - rho)
            for k in range(n):
                d[k] = rho_next * rho * d[k] + (2.0 * rho_next / half) * g[k]
            rho = rho_next
        for k in range(n):
            theta[k] += d[k]
        norm = gradient()
        steps += 1
        cycle += 1
    return steps, norm


_Climb = Callable[..., tuple[int, float]]


@functools.cache
def _kernel() -> _Climb:
    """`_climb` compiled by numba (imported here so that importing the package stays fast);
    the machine code is cached on disk next to this module."""
    import numba

    compiled: Any = numba.njit(cache=True, nogil=True)(_climb)
    return cast(_Climb, compiled)


def ascend(pairs: Pairs, stop_fraction: float, max_steps: int, *, compiled: bool = True) -> Fit:
    """Climb the weighted log-likelihood of `pairs` from ``theta = 0`` until the L1 norm of
    the gradient is at most `stop_fraction` of its first value; strengths with mean 0.

    `compiled=False` runs the same code as plain Python (slow; for tests on tiny inputs).
    `Fit.iterations` counts the steps, `Fit.max_residual` is the final ``max |g_i|``.

    Raises:
        RatingError: a stop fraction outside (0, 1), or no stop within `max_steps` steps.
    """
    if not 0.0 < stop_fraction < 1.0:
        raise RatingError(f"expected a stop fraction between 0 and 1, got {stop_fraction!r}")
    theta = np.zeros(pairs.n)
    climb = _kernel() if compiled else _climb
    steps, norm = climb(
        pairs.indptr.astype(np.uint32),
        pairs.j.astype(np.uint32),
        np.ascontiguousarray(pairs.weight, dtype=np.float64),
        np.ascontiguousarray(pairs.score, dtype=np.float64),
        theta,
        float(stop_fraction),
        int(max_steps),
        FIRST_STEP_EXPONENT,
        PLAIN_STEPS,
        PERIOD,
    )
    if steps < 0:
        raise RatingError(
            f"expected the gradient ascent to stop within {max_steps} steps, got an L1 "
            f"gradient norm of {norm:.3g} weighted games still above the stop fraction"
        )
    final = residuals(pairs, probabilities(pairs, theta))
    centred: NDArray[np.float64] = theta - theta.mean()
    return Fit(theta=centred, iterations=steps, max_residual=float(np.abs(final).max()))
