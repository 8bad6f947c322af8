// season_timeline: one season episode by episode: title, label (premiere, finale, reunion), who left the game, tribes that formed
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode)
OPTIONAL MATCH (e)-[:ELIMINATED]->(gone:PlayerSeason)
WITH s, e, gone ORDER BY gone.boot_order
// one row per person who left, so the three lists stay aligned (index i is the same person)
WITH s, e, collect(gone.name) AS left_the_game, collect(gone.castaway_id) AS left_ids,
     collect(gone.short_name) AS left_short_names
OPTIONAL MATCH (s)-[:HAS_TRIBE]->(t:Tribe)<-[m:MEMBER_OF]-(:PlayerSeason)
WITH e, left_the_game, left_ids, left_short_names, t.name AS tribe, m.phase AS phase, min(m.first_episode) AS formed
WITH e, left_the_game, left_ids, left_short_names,
     collect(CASE WHEN formed = e.number THEN tribe + ' (' + phase + ')' END) AS tribes_formed
RETURN e.number AS episode, e.title AS title, e.label AS label, left_the_game, left_ids AS left_castaway_ids,
       left_short_names, tribes_formed
ORDER BY episode
