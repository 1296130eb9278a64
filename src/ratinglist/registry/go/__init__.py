"""Go rating lists in the registry: searching a stored list and updating ratings from one."""
