// auction: the Survivor auction of a season (or every season that had one): each person there, the money they
// had, what they bought (most expensive first), how much they spent and the money they had left at the end
// (after their last purchase; all of it when they bought nothing); items = 0 is someone who bought nothing
MATCH (e:Episode)-[:HAS_AUCTION]->(a:Auction)<-[m:AT_AUCTION]-(ps:PlayerSeason)
WHERE ps.version = $version AND ($season IS NULL OR a.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
OPTIONAL MATCH (ps)-[b:BOUGHT]->(a)
WITH a, e, ps, m, b ORDER BY b.cost DESC
WITH a, e, ps, m, collect(b.item) AS bought, count(b) AS items, toInteger(sum(coalesce(b.cost, 0))) AS spent,
     collect(b) AS purchases
WITH a, e, ps, m, bought, items, spent,
     [x IN purchases WHERE x.money_remaining IS NOT NULL | [x.item_order, x.money_remaining]] AS remaining
WITH a, e, ps, m, bought, items, spent,
     reduce(last = null, x IN remaining | CASE WHEN last IS NULL OR x[0] > last[0] THEN x ELSE last END) AS last
RETURN a.season AS season, e.number AS episode, ps.name AS player, ps.castaway_id AS castaway_id, m.money AS money,
       items, bought, spent, CASE WHEN items = 0 THEN m.money ELSE last[1] END AS money_left, a.currency AS currency
ORDER BY season, spent DESC, player
