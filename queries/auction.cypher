// auction: the Survivor auction of a season (or every season that had one): each person there, the money they
// had, what they bought (most expensive first) and how much they spent; items = 0 is someone who bought nothing
MATCH (e:Episode)-[:HAS_AUCTION]->(a:Auction)<-[m:AT_AUCTION]-(ps:PlayerSeason)
WHERE ps.version = $version AND ($season IS NULL OR a.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
OPTIONAL MATCH (ps)-[b:BOUGHT]->(a)
WITH a, e, ps, m, b ORDER BY b.cost DESC
WITH a, e, ps, m, collect(b.item) AS bought, count(b) AS items, toInteger(sum(coalesce(b.cost, 0))) AS spent
RETURN a.season AS season, e.number AS episode, ps.name AS player, ps.castaway_id AS castaway_id, m.money AS money,
       items, bought, spent, a.currency AS currency
ORDER BY season, spent DESC, player
