"""Go's rating maths: the EGF GoR as the EGD computes it (`gor`), handicap and komi as
rating points (`handicap`), Go games as columns (`games`), and the other systems on Go
games (`systems`)."""
