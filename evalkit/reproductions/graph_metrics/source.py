"""What Padmanabhan & Jenkins print that the graph-metrics pages compute from.

The worked examples' data: the vertices of Figure 1.2.1, the matrices of Figures 1.4,
1.11, 1.13, 1.14 and 1.16, Tables 1.1-1.3 and the numbers of the examples of Sections
1.2.2, 1.5.1, 1.5.2, 1.6.2 and 1.9. The values the source computes from them (the ones we
compare against) are in the registry ``claims.toml`` only.
"""
from __future__ import annotations

import numpy as np

__all__ = [
    "COST_1_16",
    "COST_1_2",
    "FIGURE_1_11",
    "FIGURE_1_13",
    "FIGURE_1_14_IDEAL",
    "FIGURE_1_14_OBSERVED",
    "FIGURE_1_2_VERTICES",
    "FIGURE_1_4",
    "GMEAN_EXAMPLE",
    "M_Y",
    "SECTION_1_5_1",
    "SECTION_1_5_2",
    "SECTION_1_6_2",
    "SECTION_1_9",
    "TABLE_1_1",
    "TABLE_1_3_CLASS",
    "TABLE_1_3_MEMBERSHIP",
]

#: Figure 1.2.1: the actual and the predicted class of the 8 vertices.
FIGURE_1_2_VERTICES = {"actual": list("+++++---"), "predicted": list("++++-++-")}
#: Figure 1.4: the 3 x 3 example (rows actual, columns predicted).
FIGURE_1_4 = np.array([[2, 1, 1], [1, 2, 1], [1, 2, 3]])
#: Table 1.1: actual class and the predictions of M1 and M2 (exercises 1, 2 and 4).
TABLE_1_1 = {"actual": list("+--+++-+"), "M1": list("+-++-+++"), "M2": list("++-+--++")}
#: Figure 1.16: the cost matrix (rows actual +, -; columns predicted +, -).
COST_1_16 = np.array([[-20, 100], [45, -10]])
#: Figure 1.16: the confusion matrix of M_y (M_x is Figure 1.2's).
M_Y = np.array([[3, 2], [2, 1]])
#: Table 1.2: the cost matrix of exercise 2.
COST_1_2 = np.array([[0, 0], [-145, 120]])
#: Section 1.2.2's G-mean example: 100 points, 95 positive and 5 negative, all predicted
#: positive (its confusion matrix, rows actual, columns predicted).
GMEAN_EXAMPLE = np.array([[95, 0], [5, 0]])
#: Figure 1.11: the pair table [[u11, u10], [u01, u00]].
FIGURE_1_11 = np.array([[9, 4], [3, 12]])
#: Figure 1.13: the matching matrix, rows classes, columns clusters.
FIGURE_1_13 = np.array([[2, 0, 1], [0, 2, 1]])
#: Figure 1.14: the ideal (same class) and observed (same cluster) matrices of 3 points.
FIGURE_1_14_IDEAL = np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]])
FIGURE_1_14_OBSERVED = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]])
#: Table 1.3 (exercise 3): the maximal cliques each vertex belongs to, and its class
#: ("*": unknown).
TABLE_1_3_MEMBERSHIP = {1: {1, 2}, 2: {1}, 3: {2, 3}, 4: {3}, 5: {2}, 6: {4}, 7: {4, 5}, 8: {3, 5}}
TABLE_1_3_CLASS = {1: "+", 2: "*", 3: "-", 4: "*", 5: "-", 6: "+", 7: "*", 8: "+"}
#: Section 1.5.1's example: R = 10 of J = 1,000 random sets score at least the cluster's score.
SECTION_1_5_1 = {"R": 10, "J": 1000}
#: Section 1.5.2's example: model M is right on 50 of 100 examples.
SECTION_1_5_2 = {"right": 50, "n": 100}
#: Section 1.6.2's example: :math:`ER_1 = 0.5` on :math:`|D_1| = 5` examples, :math:`ER_2 = 0.7` on
#: :math:`|D_2| = 1000`.
SECTION_1_6_2 = {"error_1": 0.5, "n_1": 5, "error_2": 0.7, "n_2": 1000}
#: Section 1.9's example: :math:`|S_{su}| = 5` annotated in a cluster of :math:`|S| = 10` from a
#: population of :math:`|P| = 20` with :math:`|P_{su}| = 10` annotated.
SECTION_1_9 = {"k": 5, "population": 20, "successes": 10, "sample": 10}
