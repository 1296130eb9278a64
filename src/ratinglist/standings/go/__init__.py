"""Go standings: OpenGotha's criteria, scores and team scores."""
