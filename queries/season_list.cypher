// season_list: all seasons with number, name, location, dates and winner (to find a season by name)
MATCH (s:Season {version: $version})
OPTIONAL MATCH (s)<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
RETURN s.number AS season, s.name AS season_name, s.location AS location, s.premiered AS premiered,
       w.name AS winner
ORDER BY season
