"""Islands (rules, "The board"; interpretation, "Boards" and "Random layout")."""
import random

import pytest

from games.hexfolk.engine.board import (
    RED_NUMBERS,
    load_map,
    map_slugs,
    random_layout,
    reds_apart,
    topology,
    validate_map,
)
from games.hexfolk.engine.rules import DESERT, GENERIC_HARBOR, TERRAIN_INDEX


def test_twenty_two_maps_besides_the_standard_boards():
    """Rules: "Besides the standard board, Hexfolk offers 22 other island maps, from the small
    lagoon to Jätteland with 61 hexes." """
    slugs = map_slugs()
    standard = [s for s in slugs if s.startswith("standard")]
    others = [s for s in slugs if not s.startswith("standard")]
    assert standard == ["standard", "standard-30", "standard-44"]
    assert len(others) == 22
    sizes = {s: len(load_map(s).hexes) for s in others}
    assert min(sizes, key=sizes.get) == "lagoon"
    assert max(sizes, key=sizes.get) == "jatteland" and sizes["jatteland"] == 61
    assert load_map("lagoon").name == "Small lagoon" and load_map("jatteland").name == "Jatteland"


@pytest.mark.parametrize("slug", map_slugs())
def test_every_map_is_valid(slug):
    """Issue 3: "connected land, harbor places on the coast, number tokens match the producing
    hexes, the red-number rule can be met"."""
    spec = load_map(slug)
    assert validate_map(spec) == []
    topo = topology(slug)
    assert all(side in topo.coast_sides for side in topo.harbor_hex_sides)
    low, high = spec.players
    assert 2 <= low <= high <= 8


def test_standard_board():
    """Rules: "The standard board consists of 19 hexagonal tiles: 4 forest, 3 hills, 4 pasture,
    4 fields, 3 mountains and 1 desert. ... Around the island lie 9 harbors: 4 generic harbors
    ..., 5 special harbors"."""
    spec = load_map("standard")
    assert len(spec.hexes) == 19
    assert spec.terrains == {"forest": 4, "hills": 3, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1}
    assert sorted(spec.numbers) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert spec.harbor_kinds == {"generic": 4, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
    topo = topology("standard")
    assert (topo.n_nodes, topo.n_edges) == (54, 72)


def test_larger_standard_boards():
    """Interpretation: "30 hexes from 5 players (adds 2 of each terrain and 1 desert; 11
    harbors); 44 hexes from 7 players (13 harbors)"."""
    big = load_map("standard-30")
    assert len(big.hexes) == 30 and len(big.harbors) == 11
    assert big.terrains == {"forest": 6, "hills": 5, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2}
    huge = load_map("standard-44")
    assert len(huge.hexes) == 44 and len(huge.harbors) == 13


@pytest.mark.parametrize("slug", map_slugs())
def test_random_layouts_keep_reds_apart(slug):
    """Rules: "Hexfolk distributes the numbers randomly but never places 6 and 8 directly next to
    each other." Interpretation: "6-6 and 8-8 included"."""
    spec = load_map(slug)
    topo = topology(slug)
    for seed in range(5):
        terrain, numbers, harbors = random_layout(slug, random.Random(seed))
        assert reds_apart(topo, numbers)
        assert sorted(n for n in numbers if n) == sorted(spec.numbers)
        assert all((terrain[h] == DESERT) == (numbers[h] == 0) for h in range(topo.n_hexes))
        assert sum(1 for t in terrain if t == TERRAIN_INDEX["desert"]) == spec.terrains["desert"]
        assert sum(1 for k in harbors if k == GENERIC_HARBOR) == spec.harbor_kinds.get("generic", 0)
        assert sum(1 for n in numbers if n in RED_NUMBERS) == sum(1 for n in spec.numbers if n in RED_NUMBERS)


def test_layout_is_decided_by_the_seed():
    """Architecture: "all chance comes from an RNG whose seed ... live[s] in the state"."""
    assert random_layout("standard", random.Random(5)) == random_layout("standard", random.Random(5))
    assert random_layout("standard", random.Random(5)) != random_layout("standard", random.Random(6))
